/**
 * Profile wizard steps (§4 Profile wizard): only steps in the server's question field list are kept.
 * A module of their own: the overview needs the steps, not the default field lists beside them.
 */
export const WIZARD_STEPS = ['Gender', 'FirstName', 'LastName', 'Email', 'Telephone', 'BirthDate'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
