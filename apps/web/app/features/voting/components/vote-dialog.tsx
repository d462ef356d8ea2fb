/**
 * The 'Vote Now' popup of a nominee page: step 1 asks for an email and sends an OTP; step 2 takes
 * the code, offers a resend and shows the 300-second expiry countdown; a verified vote ends on a
 * confirmation with a Done button. One vote per email. Every outcome is said in the popup, in a
 * status region (`role="status"`, or `alert` for a failure): the spec's words where it gives
 * them, and the server's own when it says more (an invalid code's attempts left, a rate limit).
 */
import { OTP_LENGTH, OTP_TTL_SECONDS, VOTE_ALREADY_RECORDED_ERROR } from '@festival/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, Input } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { useResendVoteOtp, useSendVoteOtp, useVerifyVoteOtp, votingErrorCode } from '../api/vote-otp';
import { formatMinutesSeconds, useCountdown } from '../hooks/use-countdown';

/** The spec's messages, word for word. */
export const VOTE_ALERTS = {
  otpSent: 'OTP sent successfully.',
  alreadyVoted: 'Your vote has already been recorded!',
  sendFailed: 'Something went wrong. Please try again.',
  otpRequired: 'OTP is required for verification',
  verified: 'OTP verification successful.',
  verifyFailed: 'OTP verification failed. Please try again.',
} as const;

export interface VoteDialogProps {
  /** The nominee (CMS page) the vote is for. */
  nomineeId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * What the server said about a refusal it understood (a 4xx with its own message), else
 * `fallback`: an unreachable server or a 5xx gets the spec's words.
 */
function refusal(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.body !== undefined
    ? error.message
    : fallback;
}

type Notice = { tone: 'ok' | 'error'; text: string } | null;

export function VoteDialog({ nomineeId, open, onOpenChange }: VoteDialogProps) {
  const [step, setStep] = useState<'email' | 'otp' | 'done'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string>();
  const [notice, setNotice] = useState<Notice>(null);
  const countdown = useCountdown();
  const sendOtp = useSendVoteOtp();
  const resendOtp = useResendVoteOtp();
  const verifyOtp = useVerifyVoteOtp();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setStep('email');
      setOtp('');
      setOtpError(undefined);
      setNotice(null);
      countdown.stop();
    }
    onOpenChange(next);
  };

  // As in the spec, the email is not validated here; the server answers for it.
  const onGetOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    countdown.start(OTP_TTL_SECONDS);
    try {
      await sendOtp.mutateAsync({ email, id: nomineeId });
      setNotice({ tone: 'ok', text: VOTE_ALERTS.otpSent });
      setStep('otp');
    } catch (error) {
      countdown.stop();
      console.warn('Sending the voting OTP failed', error);
      setNotice({
        tone: 'error',
        text:
          votingErrorCode(error) === VOTE_ALREADY_RECORDED_ERROR
            ? VOTE_ALERTS.alreadyVoted
            : refusal(error, VOTE_ALERTS.sendFailed),
      });
    }
  };

  const onResend = async () => {
    setNotice(null);
    countdown.start(OTP_TTL_SECONDS);
    try {
      const { msg } = await resendOtp.mutateAsync({ email, id: nomineeId });
      setNotice({ tone: 'ok', text: msg });
    } catch (error) {
      console.warn('Resending the voting OTP failed', error);
      countdown.stop();
      setNotice({ tone: 'error', text: refusal(error, VOTE_ALERTS.sendFailed) });
    }
  };

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (!otp.trim()) {
      setOtpError(VOTE_ALERTS.otpRequired);
      return;
    }
    setOtpError(undefined);
    try {
      await verifyOtp.mutateAsync({ email, otp, id: nomineeId });
    } catch (error) {
      console.warn('Verifying the voting OTP failed', error);
      setNotice({ tone: 'error', text: refusal(error, VOTE_ALERTS.verifyFailed) });
      return;
    }
    countdown.stop();
    setStep('done');
    setNotice({ tone: 'ok', text: VOTE_ALERTS.verified });
  };

  // The status region is always there, so screen readers announce it when it fills in.
  const noticeLine = (
    <>
      <FormAlert>{notice?.tone === 'error' ? notice.text : null}</FormAlert>
      <p
        role="status"
        className={
          notice?.tone === 'ok'
            ? 'rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900'
            : 'sr-only'
        }
      >
        {notice?.tone === 'ok' ? notice.text : null}
      </p>
    </>
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} title="Vote Now">
      {step === 'done' ? (
        <div className="grid gap-4">
          {noticeLine}
          <p className="text-slate-700">Thank you: your vote is recorded. One vote per email.</p>
          <div>
            <Button onClick={() => handleOpenChange(false)} className="w-full sm:w-auto">
              Done
            </Button>
          </div>
        </div>
      ) : step === 'email' ? (
        <form noValidate onSubmit={(event) => void onGetOtp(event)} className="grid gap-4">
          <p className="text-sm text-slate-600">
            Enter your email address and we will send you a one-time code to confirm your vote. One vote per
            email.
          </p>
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {noticeLine}
          <div>
            <Button
              type="submit"
              pending={sendOtp.isPending}
              pendingLabel="Sending OTP…"
              className="w-full sm:w-auto"
            >
              Get OTP
            </Button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void onVerify(event)} className="grid gap-4">
          <p className="text-sm text-slate-600">
            We sent a {OTP_LENGTH}-digit code to <strong className="break-all text-slate-900">{email}</strong>
            .
          </p>
          <Input
            label="OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={otp}
            error={otpError}
            onChange={(event) => setOtp(event.target.value)}
          />
          <p role="timer" aria-live="off" className="text-sm font-medium text-slate-700">
            Expires in {formatMinutesSeconds(countdown.secondsLeft)}
          </p>
          {countdown.running ? null : (
            <p role="status" className="text-sm text-red-700">
              Time is up. Press Resend OTP for a new code.
            </p>
          )}
          {noticeLine}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" pending={verifyOtp.isPending} pendingLabel="Verifying…">
              Verify OTP
            </Button>
            <Button
              variant="outline"
              pending={resendOtp.isPending}
              pendingLabel="Resending…"
              onClick={() => void onResend()}
            >
              Resend OTP
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
