/** Password rules of the product: 10+ characters with lower and upper case, a digit and a symbol. */
export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= 10 &&
    password.length <= 128 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
