/**
 * Sound and vibration for a scan result, so a steward need not look at the screen: one high
 * beep for admitted, two low ones otherwise. The AudioContext is created on the first tap
 * ("Start scanning"), as browsers allow sound only after a user gesture.
 */
let audio: AudioContext | undefined;

/** Call from a click handler: creates or resumes the audio context. */
export function unlockSound() {
  audio ??= new AudioContext();
  void audio.resume();
}

function beep(context: AudioContext, frequency: number, start: number, duration: number) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.value = 0.2;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(context.currentTime + start);
  oscillator.stop(context.currentTime + start + duration);
}

export function signal(admitted: boolean) {
  navigator.vibrate?.(admitted ? 120 : [200, 100, 200]);
  if (!audio) return;
  if (admitted) beep(audio, 1_320, 0, 0.12);
  else {
    beep(audio, 330, 0, 0.15);
    beep(audio, 330, 0.22, 0.15);
  }
}
