// How long a blog post takes to read, as the post and the blog list print it.

/** Reading time at about 200 words a minute, e.g. `6 min read`. */
export function readTime(words: number): string {
  return `${Math.max(1, Math.round(words / 200))} min read`;
}
