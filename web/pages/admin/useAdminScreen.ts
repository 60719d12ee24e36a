// What every administrator screen starts with: the tRPC cache (to invalidate after a change), toasts, the site's
// zone and its formatters, and a confirmation dialog. A screen renders `confirmDialog` once.
import { useConfirm } from "../../components/admin/useConfirm.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";
import { useToast } from "../../components/toast.js";
import { trpc } from "../../trpc.js";

export function useAdminScreen() {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const siteTime = useSiteTime();
  const [confirm, confirmDialog] = useConfirm();
  return { utils, toast, ...siteTime, confirm, confirmDialog };
}
