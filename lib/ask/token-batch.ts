/**
 * Streams tokens at most every `everyMs`: one message to the panel per token would cost more than
 * the token, and the eye cannot tell the difference.
 */
export function batched(send: (text: string) => unknown, everyMs = 50): (delta: string) => void {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  return (delta) => {
    pending += delta;
    timer ??= setTimeout(() => {
      timer = null;
      const text = pending;
      pending = '';
      void send(text);
    }, everyMs);
  };
}
