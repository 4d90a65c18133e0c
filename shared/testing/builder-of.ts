/**
 * A builder of one API shape for the tests: `defaults()` gives a valid object (called anew each
 * time, so no two builds share an id or a list), and a test overrides only the fields it is about.
 */
export const builderOf =
  <Shape>(defaults: () => Shape) =>
  (overrides: Partial<Shape> = {}): Shape => ({ ...defaults(), ...overrides });
