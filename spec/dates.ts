// Calendar dates of the API description (`x-deprecated-sunset`, `x-deprecated-since`): parsing,
// validation and the form people read, for TypeScript code (the reference mapping, the guides). The
// implementation is plain JavaScript (spec/shared/dates.js) so that the Spectral ruleset can use it too.
export { formatDay, isCalendarDate, parseDay } from './shared/dates.js';
