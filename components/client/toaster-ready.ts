// Resolved once the notifications' container is mounted and listening (components/layout/toaster.tsx): a toast
// published before that would be dropped by sonner, whose container only shows toasts published after it subscribed.
let markReady: () => void = () => undefined;

export const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function toasterMounted(): void {
  markReady();
}
