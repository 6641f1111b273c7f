const steps = [
  {
    title: "Upload an image",
    text: "A photo, a chart, a document or a puzzle: anything you want two models to look at.",
  },
  { title: "Ask anything", text: "Two anonymous vision-language models answer side by side, streamed live." },
  { title: "Vote", text: "A is better, B is better, tie, or both are bad. Then the models are revealed." },
];

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Which model sees better?</h1>
        <p className="max-w-2xl text-zinc-600 dark:text-zinc-400">
          Vision Arena ranks vision-language models by human preference. Your votes feed a Bradley–Terry leaderboard
          with confidence intervals, overall and per category, with and without style control.
        </p>
      </section>
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          >
            <span className="text-sm font-medium text-brand-600 dark:text-brand-500">Step {index + 1}</span>
            <h2 className="mt-1 font-semibold">{step.title}</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
