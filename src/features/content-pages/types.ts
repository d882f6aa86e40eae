// Shape of the static content pages (installation guide, FAQ). The legal and solution pages are
// CMS pages instead (./data/public-pages.ts).

export interface ContentStep {
  title: string;
  text: string;
}

export interface ContentNote {
  tone: 'info' | 'warning';
  title: string;
  text: string;
}

export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Numbered steps (installation guides). */
  steps?: ContentStep[];
  note?: ContentNote;
}

export interface ContentPageData {
  slug: string;
  title: string;
  /** One or two sentences under the h1: what the page is about (also a fit for meta descriptions). */
  intro: string;
  /** ISO date of the last change, shown on legal pages. */
  updated?: string;
  sections: ContentSection[];
  /** Closing call to action: a router path and its label. */
  cta?: { label: string; to: string };
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqGroup {
  heading: string;
  items: FaqItem[];
}

export interface FaqPageData {
  title: string;
  intro: string;
  groups: FaqGroup[];
}
