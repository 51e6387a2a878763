import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form legal text: a contents list, then numbered sections with anchors. */
export function LegalPage({
  eyebrow = 'Legal',
  title,
  updated,
  intro,
  sections,
}: {
  /** The small line above the title. */
  eyebrow?: string;
  title: string;
  /** YYYY-MM-DD */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Last updated <time dateTime={updated}>{updated}</time>
      </p>
      <div className="post-body mt-6">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-lg border bg-card p-5">
        <p className="text-sm font-semibold">Contents</p>
        <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-muted-foreground hover:text-foreground">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="post-body mt-4">
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </div>
  );
}
