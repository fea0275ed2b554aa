/** Small line icons of the dashboard's row actions; decorative (the button carries the name). */
const base = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'h-4 w-4',
} as const;

/** An icon drawn by its strokes alone, each a path's `d`. */
function strokes(...paths: string[]) {
  return function StrokesIcon() {
    return (
      <svg {...base}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const EditIcon = strokes('M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z', 'm13.5 6.5 4 4');

export const DeleteIcon = strokes('M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3');

/** Publish: the eye of the public, who will see the record. */
export function PublishIcon() {
  return (
    <svg {...base}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

/** Unpublish: the same eye, struck through. */
export const UnpublishIcon = strokes(
  'M2 12s3.6-7 10-7c2 0 3.7.7 5.1 1.6M22 12s-3.6 7-10 7c-2 0-3.7-.7-5.1-1.6M9.9 14.1a3 3 0 0 1 4.2-4.2',
  'm3 3 18 18',
);
