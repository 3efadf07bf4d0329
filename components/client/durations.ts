// Spec §9: notifications last 2500 ms on success and 4500 ms on error; after a server error the page reloads in 4 s.
// Apart from notify.ts so that what only needs a duration (the error boundary) does not load the toast library.
export const successDuration = 2500;
export const errorDuration = 4500;
export const serverErrorReloadMs = 4000;
