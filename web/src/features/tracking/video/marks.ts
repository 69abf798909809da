//! Video progress marks: 0, 10, 50, 90 and 100 % (the last one a second before the end).

export const PROGRESS_POINTS = [0, 10, 50, 90, 100] as const;
export type MarkKey = '0%' | '10%' | '50%' | '90%' | '100%';
/** What an event reports: 0 % is sent as `play`. */
export type MarkTrigger = 'play' | Exclude<MarkKey, '0%'>;

/** Whole seconds at which each mark is reached. */
export function completionMarks(durationSeconds: number): Record<MarkKey, number> {
  const at = (point: number) => {
    const t = (durationSeconds * point) / 100;
    return Math.floor(point === 100 ? t - 1 : t);
  };
  return { '0%': at(0), '10%': at(10), '50%': at(50), '90%': at(90), '100%': at(100) };
}

/** Marks reached by `currentTime` that have not fired yet, in order; records them as fired. */
export function dueMarks(marks: Record<MarkKey, number>, currentTime: number, fired: Set<MarkKey>): MarkTrigger[] {
  const due: MarkTrigger[] = [];
  for (const point of PROGRESS_POINTS) {
    const key = `${point}%` as MarkKey;
    if (!fired.has(key) && marks[key] <= currentTime) {
      fired.add(key);
      due.push(key === '0%' ? 'play' : (key as MarkTrigger));
    }
  }
  return due;
}
