// Limits several layers share and the side panel's shell needs: this module imports nothing, so
// the question box can know them without loading the error and guard helpers (and valibot with
// them) before its first paint.

/** Longer than any real question; long enough for a selected claim of a few sentences. */
export const MAX_QUESTION_CHARS = 2000;

/** The largest PDF the panel reads (issue 16): bigger files are refused before they are parsed. */
export const PDF_MAX_MB = 100;

/** The most pages the panel reads from one PDF. */
export const PDF_MAX_PAGES = 2000;
