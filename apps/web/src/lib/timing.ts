/** Timing constants of spec §9. */
export const TIMING = {
  pageHideMs: 250,
  pageShowMs: 300,
  loadingHideMs: 400,
  pageActiveMs: 600,
  systemMessageSeconds: 5,
  logoutDelayMs: 500,
  logoutDelayMaxWidth: 991,
  /** §4 Interests and newsletters: saved this long after the last click. */
  preferencesSaveMs: 2000,
} as const;
