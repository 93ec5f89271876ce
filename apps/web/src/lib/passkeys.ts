/** Whether this browser can use passkeys at all: WebAuthn, which browsers offer only in a secure context. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && 'PublicKeyCredential' in window;
