import type { ReactNode } from 'react';
import { linkClass } from '../../../platform/ui/ui.ts';

/** The card's heading, and under it what the page is for. */
export function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
      {subtitle !== undefined && <p className="mt-2 text-sm text-slate-400">{subtitle}</p>}
    </>
  );
}

/** The link at the foot of the card, to the page the visitor goes on to (or back to). */
export function CardFootLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <a href={href} className={linkClass} data-testid={testId}>
        {children}
      </a>
    </p>
  );
}
