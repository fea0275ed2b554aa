import type { ReactNode } from 'react';

/** One part of the settings tab about the player's data: a rule above it, its heading, what it does, its controls. */
export default function PrivacySection({
  id,
  title,
  intro,
  testId,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 border-t border-line pt-6" data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{intro}</p>
      {children}
    </section>
  );
}
