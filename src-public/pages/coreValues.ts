/** The four core values of spec 2.3 (keys into `values.*`). */
export const CORE_VALUES = ['integrity', 'transparency', 'collaboration', 'security'] as const;
export type CoreValue = (typeof CORE_VALUES)[number];
