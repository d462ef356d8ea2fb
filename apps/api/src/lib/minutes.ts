/** Durations in words for messages and emails: "1 minute", "14 minutes". */

/** `count` minutes in words: "1 minute", "14 minutes". */
export function minutesPhrase(count: number): string {
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
}

/** How long to wait before retrying, from seconds, rounded up to whole minutes (at least 1). */
export function retryWait(seconds: number): string {
  return minutesPhrase(Math.max(1, Math.ceil(seconds / 60)));
}
