import { Link } from "react-router";

/** What a page opened from an emailed link shows when the link does not work: why, and where to ask for a new one. */
export function LinkProblem({ problem, askAgain }: { problem: string; askAgain: { to: string; label: string } }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
        {problem}
      </p>
      <Link to={askAgain.to} className="font-semibold text-brand hover:underline">
        {askAgain.label}
      </Link>
    </div>
  );
}
