/**
 * Two-factor enrolment: the organizer confirms their password, better-auth answers
 * an `otpauth://` URI and ten backup codes; the page shows the URI as a QR code and its secret
 * as text (for apps without a camera), the backup codes to copy or download, and finishes when
 * a code from the app verifies.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import { enableTwoFactor, verifyTotp } from '../api/auth';
import { FormInput, useZodForm } from '~/components/console/form-fields';

const PasswordSchema = z.object({ password: z.string().min(1, 'Enter your password.') });
const CodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** The base32 secret of an `otpauth://totp/...?secret=` URI, grouped in fours for reading. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function TotpEnrolment({ onEnrolled }: { onEnrolled: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return enrolment ? (
    <ScanStep enrolment={enrolment} onEnrolled={onEnrolled} />
  ) : (
    <PasswordStep onStarted={setEnrolment} />
  );
}

function PasswordStep({ onStarted }: { onStarted: (enrolment: Enrolment) => void }) {
  const form = useZodForm(PasswordSchema, { defaultValues: { password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onStarted(await enableTwoFactor(password));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="max-w-sm space-y-4">
      <p className="text-sm text-slate-700">Confirm your password to start.</p>
      <FormInput
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <FormAlert>{failure}</FormAlert>
      <Button
        type="submit"
        variant="secondary"
        pending={form.formState.isSubmitting}
        pendingLabel="Starting…"
      >
        Continue
      </Button>
    </form>
  );
}

function ScanStep({ enrolment, onEnrolled }: { enrolment: Enrolment; onEnrolled: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(CodeSchema, { defaultValues: { code: '' } });

  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(enrolment.totpURI, { margin: 1, width: 200 }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [enrolment.totpURI]);

  const codesText = enrolment.backupCodes.join('\n');
  const downloadHref = `data:text/plain;charset=utf-8,${encodeURIComponent(
    `Startup Fest organizer console: backup codes (each works once)\n\n${codesText}\n`,
  )}`;

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codesText);
      setCopied(true);
    } catch {
      setFailure('Copying is blocked in this browser; download the codes or write them down instead.');
    }
  }

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await verifyTotp(code);
      onEnrolled();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="scan-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="scan-heading" className="font-bold text-brand-900">
          1. Add the console to your authenticator app
        </h2>
        <p className="mt-1 text-sm text-slate-700">Scan the QR code, or type the key by hand.</p>
        <div className="mt-3 flex size-[200px] items-center justify-center bg-slate-100">
          {qr ? <img src={qr} width={200} height={200} alt="QR code of the authenticator setup" /> : null}
        </div>
        <p className="mt-3 text-sm text-slate-700">Setup key</p>
        <code
          data-testid="totp-secret"
          className="mt-1 block rounded bg-slate-100 px-2 py-1.5 font-mono text-sm break-all"
        >
          {secretOf(enrolment.totpURI)}
        </code>
      </section>
      <section aria-labelledby="codes-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="codes-heading" className="font-bold text-brand-900">
          2. Save your backup codes
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Each code signs you in once if you lose your phone. They are shown only now.
        </p>
        <ol className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
          {enrolment.backupCodes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-2 py-1">
              {code}
            </li>
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void copyCodes()}>
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
          <a
            href={downloadHref}
            download="festival-console-backup-codes.txt"
            className="inline-flex min-h-11 items-center rounded-lg border border-brand-200 bg-white px-5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            Download codes
          </a>
        </div>
      </section>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="max-w-sm space-y-4 lg:col-span-2"
      >
        <h2 className="font-bold text-brand-900">3. Enter the code your app shows</h2>
        <FormInput
          form={form}
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <FormAlert>{failure}</FormAlert>
        <Button
          type="submit"
          variant="secondary"
          pending={form.formState.isSubmitting}
          pendingLabel="Checking…"
        >
          Turn on two-factor
        </Button>
      </form>
    </div>
  );
}
