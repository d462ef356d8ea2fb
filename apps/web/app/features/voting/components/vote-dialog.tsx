/**
 * The 'Vote Now' popup of a nominee page: step 1 asks for an email and sends an OTP; step 2 takes
 * the code, offers a resend and shows the 300-second expiry countdown. One vote per email; a
 * verified vote reloads the page.
 */
import { OTP_LENGTH, OTP_TTL_SECONDS, VOTE_ALREADY_RECORDED_ERROR } from '@festival/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Input } from '~/components/ui/field';
import { useResendVoteOtp, useSendVoteOtp, useVerifyVoteOtp, votingErrorCode } from '../api/vote-otp';
import { formatMinutesSeconds, useCountdown } from '../hooks/use-countdown';

/** The spec's alerts, word for word. */
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

export function VoteDialog({ nomineeId, open, onOpenChange }: VoteDialogProps) {
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const countdown = useCountdown();
  const sendOtp = useSendVoteOtp();
  const resendOtp = useResendVoteOtp();
  const verifyOtp = useVerifyVoteOtp();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setStep('email');
      setOtp('');
      countdown.stop();
    }
    onOpenChange(next);
  };

  // As in the spec, the email is not validated here; the server answers for it.
  const onGetOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    countdown.start(OTP_TTL_SECONDS);
    try {
      await sendOtp.mutateAsync({ email, id: nomineeId });
      window.alert(VOTE_ALERTS.otpSent);
      setStep('otp');
    } catch (error) {
      countdown.stop();
      console.warn('Sending the voting OTP failed', error);
      window.alert(
        votingErrorCode(error) === VOTE_ALREADY_RECORDED_ERROR
          ? VOTE_ALERTS.alreadyVoted
          : VOTE_ALERTS.sendFailed,
      );
    }
  };

  const onResend = async () => {
    countdown.start(OTP_TTL_SECONDS);
    try {
      const { msg } = await resendOtp.mutateAsync({ email, id: nomineeId });
      window.alert(msg);
    } catch (error) {
      // As in the spec, resend failures are only logged.
      console.warn('Resending the voting OTP failed', error);
    }
  };

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!otp.trim()) {
      window.alert(VOTE_ALERTS.otpRequired);
      return;
    }
    try {
      await verifyOtp.mutateAsync({ email, otp, id: nomineeId });
    } catch (error) {
      console.warn('Verifying the voting OTP failed', error);
      window.alert(VOTE_ALERTS.verifyFailed);
      return;
    }
    window.alert(VOTE_ALERTS.verified);
    window.location.reload();
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} title="Vote Now">
      {step === 'email' ? (
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
