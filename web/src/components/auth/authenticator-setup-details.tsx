import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import type { AuthenticatorSetup } from '../../lib/auth/auth-user';

/**
 * What to put in an authenticator app: the otpauth:// URI as a QR code to scan, and the secret as text for an app
 * on the same device. The QR code is drawn in the browser: the secret never goes to another server.
 */
export function AuthenticatorSetupDetails({ setup }: { setup: AuthenticatorSetup }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    toDataURL(setup.uri, { margin: 1, width: 192 })
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [setup.uri]);

  return (
    <div className="grid gap-3 text-sm">
      <p>
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), or enter the key by hand.
      </p>
      {qr ? (
        <img src={qr} width={192} height={192} alt="QR code for your authenticator app" className="rounded border" />
      ) : null}
      <div className="grid gap-1">
        <span className="font-medium" id="authenticator-key-label">
          Setup key
        </span>
        <code aria-labelledby="authenticator-key-label" className="break-all rounded bg-muted px-2 py-1 font-mono">
          {setup.secret}
        </code>
      </div>
    </div>
  );
}
