// The shortcut help's rows for grabbing and throwing the body (app/throw-wiring.ts; docs/page.md
// "Grabbing and throwing the body"), in English, one object for the message files.
export const THROW_HELP_STRINGS = {
  keys: [
    [['G'], 'Grab the body where it can be thrown (G or Enter lets go, Esc lets go without throwing)'],
    [['←', '→', '↑', '↓'], 'While holding it: move it 0.1 m (with Shift: add 0.5 m/s to the throw)'],
  ] as readonly (readonly [readonly string[], string])[],
  pointer: [['Drag the body', 'Paused: place it; playing: throw it with the pointer’s velocity']] as readonly (readonly [string, string])[],
} as const;
