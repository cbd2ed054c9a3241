/** Lets promise callbacks run (an invoked actor settling, its done event) before the test looks. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
