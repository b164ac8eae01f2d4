/**
 * Whether tmux sends extended keys (`CSI 13 ; 5 u` for Ctrl+Enter) to the app, after the app's
 * XTMODKEYS sequences, as tmux 3.3a decides it (input.c `INPUT_CSI_MODSET`, `INPUT_CSI_MODOFF`;
 * RIS turns them off in `screen_write_reset`). tmux follows xterm's modifyOtherKeys request but
 * treats levels 1 and 2 alike and always answers in the CSI u form. Pure.
 */

/**
 * After `CSI > Pp ; Pv m` (xterm "set/reset key modifier options"): `Pp` 4 with `Pv` 1 or 2
 * turns extended keys on; `Pp` 0, or 4 with `Pv` 0 or missing, turns them off; other resources
 * (1 modifyCursorKeys, 2 modifyFunctionKeys…) leave them as they are.
 */
export function applyModifyKeys(on: boolean, params: readonly (number | number[])[]): boolean {
  const resource = firstValue(params[0]);
  const value = firstValue(params[1]);
  if (resource === 0 || (resource === 4 && value === 0)) return false;
  if (resource === 4 && (value === 1 || value === 2)) return true;
  return on;
}

/** After `CSI > Pp n` (xterm "disable key modifier options"): `Pp` 4 turns extended keys off. */
export function applyDisableModifyKeys(on: boolean, params: readonly (number | number[])[]): boolean {
  return firstValue(params[0]) === 4 ? false : on;
}

/** A parameter's value (its first sub-parameter), 0 when missing, as tmux's `input_get` defaults. */
function firstValue(param: number | number[] | undefined): number {
  const value = Array.isArray(param) ? param[0] : param;
  return value === undefined || value < 0 ? 0 : value;
}
