// The comment thread of one article: its approved comments (polled) and posting a new one. Only the comments
// island imports it, so the polling starts when the island hydrates (near the viewport) and its code stays out
// of the article page's first chunk.
import type { CommentDto } from "../../../src/schemas/site.js";
import { useToast } from "../../components/toast.js";
import { rpc } from "../../lib/rpc.js";
import { useComments } from "../queries.js";

export interface NewComment {
  authorName: string;
  authorEmail: string;
  content: string;
  /** The honeypot's value (empty from a person). */
  website?: string;
}

export interface CommentThread {
  /** Approved comments, oldest first. */
  comments: CommentDto[];
  loading: boolean;
  posting: boolean;
  /** Posts a comment and says whether it was accepted; the outcome is toasted. */
  post: (comment: NewComment) => Promise<boolean>;
}

export function useCommentThread(articleId: number): CommentThread {
  const list = useComments(articleId);
  const utils = rpc.useUtils();
  const { toast } = useToast();
  const create = rpc.comments.create.useMutation({
    onSuccess: (comment) => {
      if (comment.isApproved) toast({ title: "Comment posted", description: "Your comment has been posted successfully." });
      else toast({ title: "Comment awaiting review", description: "Your comment will appear after a moderator approves it." });
      void utils.comments.list.invalidate({ articleId });
    },
    onError: (error) => toast({ title: "Error", description: error.message || "Failed to submit comment", variant: "destructive" }),
  });
  return {
    comments: (list.data ?? []).filter((c) => c.isApproved),
    loading: list.isPending,
    posting: create.isPending,
    post: (comment) =>
      create.mutateAsync({ articleId, ...comment }).then(
        () => true,
        () => false,
      ),
  };
}
