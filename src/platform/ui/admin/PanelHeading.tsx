import { panelTitleClass } from './ui.ts';

/**
 * A dashboard panel's title and the line under it that says what the panel is for; `id` is the
 * title's, for the panel's aria-labelledby.
 */
export default function PanelHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div>
      <h2 id={id} className={panelTitleClass}>
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{intro}</p>
    </div>
  );
}
