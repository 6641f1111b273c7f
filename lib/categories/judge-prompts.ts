// The category judge's system prompts, as printed in the VisionArena paper's supplement (section 12). The PDF's
// text extraction broke the diagram prompt's numbered list; it is restored here with the words unchanged.
import type { JudgedCategory } from "./names";

/** What the judge is shown: the first prompt, its images, both, or the two answers (refusal). */
export type JudgeInput = "prompt" | "image" | "image+prompt" | "responses";

/** The paper's closing line (its tags are literally `<decision>…<decision>`; the parser accepts `</decision>`). */
export const VERDICT = 'Output your verdict in the following format: "<decision>[yes/no]<decision>". Do NOT explain.';

export const JUDGE_PROMPTS: Record<JudgedCategory, { input: JudgeInput; system: string }> = {
  ocr: {
    input: "image+prompt",
    system: `You are tasked with determining if a given VQA question is an optical character recognition (OCR) question. An OCR question requires reading and understanding text in the image to answer. If there is some amount of text in the image and the question requires reading the text in any capacity it should be classified as Optical Character Recognition.\n\n${VERDICT}`,
  },
  refusal: {
    input: "responses",
    system: `You are tasked with determining if any of the given model responses are a refusal to answer. A refusal occurs when the model explicitly declines to answer or complete a task, due to reasons like safety, moderation, or model limitations (e.g. the user asks the model to search the web but it does not have that capability). You will be given the responses of 2 models, A and B and you are to determine if A refuses to answer, B refuses, both refuse, or neither refuse.\n\n${VERDICT}`,
  },
  captioning: {
    input: "prompt",
    system: `You are tasked with determining if a given VQA question is a captioning question. A captioning question asks for a general, overall description of the entire image. It must be a single, open-ended query that does NOT ask about particular objects, people, or parts of the image, nor require interpretation beyond a broad description of what is visually present. Examples include 'What is happening in this image?', 'Describe this picture.', 'Explain', etc. An example of a non-captioning question is 'Describe what is funny in this picture.' because it asks for a specific interpretation of the image content.\n\n${VERDICT}`,
  },
  homework: {
    input: "image",
    system: `You are tasked with determining if the given image contains a homework or exam question. A homework or exam question typically contains text with a well-defined question or task which asks for a solution. In addition, many homework and exam questions contain multiple choice, equations, and question numbers. You may also see text referring to showing your work or providing justification. Note that documents such as resumes, business cards, records, or personal notes are NOT considered homework or exam questions; homework and exam questions explicitly ask for a solution or explanation.\n\n${VERDICT}`,
  },
  humor: {
    input: "image+prompt",
    system: `You are tasked with determining if a given VQA question is a humor question. A humor question asks for a humorous or funny response based on the image or asks to understand what is funny about an image. This includes questions that ask to explain an image which is humorous, such as memes.\n\n${VERDICT}`,
  },
  entity_recognition: {
    input: "prompt",
    system: `You are tasked with determining if a given VQA question is an entity recognition question. An entity recognition question asks for the identification of specific objects or people in the image. This does NOT include questions that ask for a general description of the image, questions that only ask for object counts, or questions that only require reading text in the image.\n\n${VERDICT}`,
  },
  diagram: {
    input: "image",
    system: `You are tasked with determining whether the given image contains a chart, diagram, or figure. Carefully examine the user prompt and consider the following aspects:

1. Does the image contain visual elements such as graphs, flowcharts, tables, method figures, chemical structures, or other visual representations of data or concepts?

2. Does the prompt require interpreting or analyzing the flow of information, relationships between elements, or the structure of the visual representation in the image?

3. Does the prompt require spatial reasoning and understanding the layout or structure of the visual elements?

4. Does the image contain only text, tables, handwriting, or photographs without any visual representations of data or concepts? If so, it is NOT considered a chart or diagram.\n\n${VERDICT}`,
  },
  creative_writing: {
    input: "prompt",
    system: `You are tasked with determining whether a given VQA user prompt is asking for creative writing. Creative writing is defined as any form of writing that goes beyond standard professional, journalistic, academic, or technical literature. It typically involves imagination, originality, and expression of thoughts and emotions. Prompts which only ask to caption the image without any other requests do NOT count as creative writing. Creative writing can include, but is not limited to, the following formats:

- Fiction (e.g., short stories, novels),
- Poetry (e.g., sonnets, free verse),
- Dramatic writing (e.g., screenplays, monologues, scripts),
- Personal essays (focusing on subjective experiences or narrative storytelling),
- Songs and lyrics

Carefully analyze the user prompt and consider whether it primarily requires creative writing. Think about the following aspects:

1. Does the prompt ask for fictional content, speculative scenarios, or the use of imagination to construct narratives?

2. Does it encourage the expression of thoughts, emotions, or personal experiences beyond mere factual reporting or analysis?

3. Is it asking for writing in a specific creative format (e.g., story, poem, script, etc)?

4. Is the primary purpose of the prompt to foster creative expression or originality rather than information delivery, technical documentation, or analytical reasoning?

5. Does the prompt request stylistic or rhetorical elements often associated with creative writing, such as metaphor, imagery, dialogue, etc?

6. Does the prompt expect a response in natural language (e.g., sentences, paragraphs) rather than visual, mathematical, or non-linguistic output?\n\n${VERDICT}`,
  },
};
