/** What the blog list and routes know about a post: no body, so the index stays small. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  tags: string[];
  alias?: string;
  readingMinutes: number;
  words: number;
}

export interface BlogPost extends BlogPostSummary {
  /** The body rendered to HTML at build time from the repository's Markdown. */
  html: string;
  /** The h2 headings, for the table of contents. */
  headings: { id: string; text: string }[];
}
