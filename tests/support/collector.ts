// Shared by the SMTP sink and the fake Twilio: tests wait for a message that may already have arrived
// or may still be on its way, without sleeping.
export type Collector<T> = {
  messages: T[];
  push(message: T): void;
  waitFor(predicate?: (message: T) => boolean, timeoutMs?: number): Promise<T>;
  clear(): void;
  close(): void;
};

type Waiter<T> = {
  predicate: (message: T) => boolean;
  resolve: (message: T) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

export function createCollector<T>(what: string): Collector<T> {
  const messages: T[] = [];
  const waiters = new Set<Waiter<T>>();

  return {
    messages,
    push(message) {
      messages.push(message);
      for (const waiter of waiters) {
        if (!waiter.predicate(message)) continue;
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(message);
      }
    },
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter<T> = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`No ${what} matched within ${timeoutMs} ms (${messages.length} received)`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`The ${what} collector stopped while a test was waiting`));
      }
      waiters.clear();
    },
  };
}
