/** The small parts of the providers' browser SDKs that the login page uses. */

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback(response: { credential: string; clientId?: string }): void;
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: string;
          theme?: string;
          size?: string;
          text?: string;
          shape?: string;
          width?: number;
          locale?: string;
        },
      ): void;
      prompt(): void;
    };
  };
}

export interface FacebookSdk {
  init(options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  login(
    callback: (response: { status: string; authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ): void;
}

export interface AppleIdAuth {
  auth: {
    init(options: {
      clientId: string;
      scope: string;
      redirectURI: string;
      state: string;
      nonce: string;
      usePopup: boolean;
    }): void;
    signIn(): Promise<{ authorization: { id_token: string; code?: string; state?: string } }>;
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
    AppleID?: AppleIdAuth;
  }
}
