/** A progress bar (cli-progress) for the long steps: a live bar on a terminal, a line every 10 s in a log. */
import cliProgress from 'cli-progress';

export interface Progress {
  add(count: number): void;
  stop(): void;
}

export function progressBar(label: string, total: number): Progress {
  const began = Date.now();
  let done = 0;
  const bar = new cliProgress.SingleBar(
    {
      format: `  ${label.padEnd(22)} {bar} {percentage}% | {value}/{total} | {rate}/s | ETA {eta_formatted}`,
      formatValue: (value, _options, type) =>
        type === 'value' || type === 'total' ? value.toLocaleString('en') : String(value),
      hideCursor: true,
      etaBuffer: 20,
      // Piped into a file (the lead's full run): print the state now and then instead of redrawing.
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: '0' });
  return {
    add(count) {
      done += count;
      const seconds = (Date.now() - began) / 1000;
      bar.update(done, { rate: seconds > 0 ? Math.round(done / seconds).toLocaleString('en') : '0' });
    },
    stop() {
      bar.stop();
    },
  };
}
