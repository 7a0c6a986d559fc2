import Link from "next/link";

/**
 * Our own 404 page. Next's built-in one styles itself with an inline <style> element, which the
 * portal's Content-Security-Policy refuses (only our stylesheet and nonce-carrying styles may apply).
 */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <p className="text-sm font-medium text-emerald-700">Reseller Portal</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">There is nothing at this address.</p>
        <Link href="/dashboard" className="mt-6 inline-block text-sm font-semibold text-emerald-700 hover:underline">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
