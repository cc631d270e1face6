// The titled sections of an editorial page (about, instructions, legal, welcome texts).
import type { components } from "~/lib/api/schema";

type Section = components["schemas"]["Page"]["sections"][number];

export function EditorialSections({ sections }: { sections: Section[] }) {
  return (
    <div className="max-w-3xl leading-relaxed">
      {sections.map((section) => (
        <section key={section.heading} className="mt-6" aria-label={section.heading}>
          <h2 className="text-xl font-bold mb-2">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="my-2">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}
