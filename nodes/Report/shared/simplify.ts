/** What Simplify keeps of a report parameter (nodes/common/simplify.ts): at most 10 fields, what to fill it with first. */
import type { SimplifiedFields } from '../../common/simplify';

/** Get Parameters: name, label, type, mandatory, default, allowed values, multi-select, hidden, validation messages, report (with Include System Parameters, the "system" mark takes the place of the report). */
export const SIMPLE_REPORT_PARAMETER: SimplifiedFields = ['name', 'label', 'type', 'mandatory', 'default', 'values', 'multiSelect', 'hidden', 'errors', 'system', 'report'];
