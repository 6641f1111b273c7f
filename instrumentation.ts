// Runs once when a Next server starts (before it serves): the image classifier's threads load their model now, so
// the first uploads do not wait for it and /api/health/ready reports ready only once they can classify.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { config } = await import("./lib/config");
  if (!config().ARENA_NSFW_CHECK) return;
  const { warmNsfwPool } = await import("./lib/image-safety");
  warmNsfwPool();
}
