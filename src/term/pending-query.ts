/**
 * Whether a terminal's output ends with a question to the terminal: an app that asked and has
 * written nothing since is waiting for the answer (a probe), not for keys, and often goes raw
 * with a flush (Python's `tty.setraw`, TCSAFLUSH) once it has it or gives up. Pure.
 *
 * The questions (xterm ctlseqs; kitty's keyboard protocol): device attributes DA1/DA2/DA3
 * (`CSI c`, `CSI > c`, `CSI = c`), status and cursor position reports (`CSI 5 n`, `CSI 6 n`,
 * `CSI ? 6 n`, and other `CSI ? Ps n` such as the colour-scheme query `CSI ? 996 n`), DECRQM
 * (`CSI Ps $ p`, `CSI ? Ps $ p`), XTVERSION (`CSI > q`), the kitty keyboard query (`CSI ? u`),
 * XTWINOPS reports (`CSI 11/13/14/15/16/18/19/20/21 t`), colour queries (`OSC 4 ; n ; ?`,
 * `OSC 10/11/12/17/19 ; ?`, and any other `OSC Ps ; … ; ?`), and DECRQSS / XTGETTCAP
 * (`DCS $ q …`, `DCS + q …`), each ending with BEL or ST where it is a string.
 */

/** The last sequence of an output that counts as a question, as text (latin1: one char a byte). */
const QUESTIONS: readonly RegExp[] = [
  /\x1b\[[>=]?[0-9;]*c$/,
  /\x1b\[\??[0-9;]*n$/,
  /\x1b\[\??[0-9;]*\$p$/,
  /\x1b\[>[0-9]*q$/,
  /\x1b\[\?u$/,
  /\x1b\[(?:1[1345689]|2[01])t$/,
  /\x1b\][0-9]+(?:;[^\x07\x1b]*)?;\?(?:\x07|\x1b\\)$/,
  /\x1bP[$+]q[^\x1b]*\x1b\\$/,
];

/** How much of the output's end is looked at, in bytes: the longest question fits. */
const LOOK_BACK = 256;

/** Whether `output` (what the app wrote, or its last part) ends with a question to the terminal (see this module's TSDoc). */
export function endsInQuery(output: Uint8Array): boolean {
  const tail = Buffer.from(output.subarray(-LOOK_BACK)).toString('latin1');
  return QUESTIONS.some((question) => question.test(tail));
}
