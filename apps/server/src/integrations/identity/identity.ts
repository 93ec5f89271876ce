/** What every identity provider's verification yields, once the provider has been checked for real. */
export interface ProviderIdentity {
  /** The provider's stable id for the person (sub, Steam id, Telegram id...). */
  subject: string;
  email: string | null;
  /** Whether the provider asserts that the person controls the email address. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** A provider refused or could not confirm a sign-in; the reason is logged, never shown (§8). */
export class SignInRejected extends Error {
  override name = 'SignInRejected';
}
