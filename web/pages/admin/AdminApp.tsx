import { Route, Routes } from "react-router-dom";

/** Every administrator screen; loaded as its own chunk, only on admin paths. */
export default function AdminApp() {
  return (
    <Routes>
      <Route path="*" element={<p>Admin</p>} />
    </Routes>
  );
}
