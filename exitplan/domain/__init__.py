"""The pure domain: checklists, the plan, dates, situation, pacing, schedule, flags."""
