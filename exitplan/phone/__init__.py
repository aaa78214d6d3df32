"""The phone check: read, over USB and through the adb program, what an Android phone says about
its apps and a few settings, never changing anything; compare it with a list of known stalkerware;
turn what was read into findings to talk over with an advocate. Nothing here prints."""
