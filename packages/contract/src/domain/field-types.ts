/** §3 Address form field definition. */
export const FIELD_TYPES = {
  text: 0,
  dropdown: 2,
  radio: 3,
  numberText: 5,
  heading: 7,
  paragraph: 8,
  divider: 9,
  telephone: 11,
} as const;
