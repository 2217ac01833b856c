export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-slate-50 px-3 py-10 sm:items-center dark:bg-slate-950">
      {children}
    </main>
  );
}
