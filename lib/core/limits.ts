// Limits several layers share and the side panel's shell needs: this module imports nothing, so
// the question box can know them without loading the error and guard helpers (and valibot with
// them) before its first paint.

/** Longer than any real question; long enough for a selected claim of a few sentences. */
export const MAX_QUESTION_CHARS = 2000;
