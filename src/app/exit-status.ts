/** How an app ended: a type of its own, read by the readiness rule, the waits and the exit alike. */
/** How the app ended. */
export interface ExitStatus {
  /** Exit status; null when a signal ended it. */
  exitCode: number | null;
  /** Signal name (`SIGTERM`) when a signal ended it, else null. */
  signal: string | null;
}
