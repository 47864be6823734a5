// A worker's pause between pieces of work, so that a queued message (a cancel) runs first.

/** Let queued messages run; a MessageChannel round trip avoids setTimeout's 4 ms clamp. */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}
