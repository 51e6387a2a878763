import { BlogPostPage } from '../../features/blog/components/blog-post-page';

export default function BlogPostRoute() {
  return <BlogPostPage />;
}
