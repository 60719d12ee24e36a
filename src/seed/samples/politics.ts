// Sample politics articles for the development seed; src/seed/sampleArticles.ts gives them their category and the
// fields left out their defaults (SAMPLE_DEFAULTS).
import type { SampleInput } from "../sampleArticles.js";

export const politicsArticles: SampleInput[] = [
  {
    title: "Senate Passes Annual Defense Authorization Bill, Setting Up Final Negotiations With House",
    slug: "senate-passes-annual-defense-authorization-bill-setting-up-final-negotiations-with-house",
    excerpt: "The Senate approved its version of the annual defense policy bill by a wide bipartisan margin, authorizing a topline above the administration's request and setting up talks with the House.",
    content: `The U.S. Senate has passed its version of the National Defense Authorization Act (NDAA) by a wide bipartisan margin, clearing the way for negotiations with the House on a final bill. The legislation sets policy and spending levels for the Defense Department and the national security programmes of the Energy Department.

## Topline and key numbers

The Senate bill authorizes a national defense topline above the administration's budget request, reflecting pressure from members of both parties to increase spending on shipbuilding, munitions and readiness. Selected authorization levels from the committee summary, in billions of dollars:

| Area | Administration request | Senate bill | Change |
|---|---:|---:|---:|
| Shipbuilding | 32.1 | 35.4 | +3.3 |
| Munitions procurement | 28.6 | 31.0 | +2.4 |
| Research & development | 143.2 | 145.9 | +2.7 |
| Operations & maintenance | 339.8 | 341.5 | +1.7 |

## Key provisions

- Funding for additional warships, including a second attack submarine in the coming fiscal year
- Multiyear procurement authority for several missile types
- A pay raise for service members and expanded support for military families
- Measures to speed up the acquisition of commercial technology and software

### Contentious issues

Debates over policy riders on social issues, the role of the military in domestic operations and oversight of overseas deployments drew the sharpest exchanges. Several amendments were withdrawn or defeated to secure passage.

## What's next?

The House passed its own version earlier, and the two chambers must now reconcile their differences. Lawmakers aim to send a final bill to the president before the end of the year, continuing a streak of annual NDAAs dating back more than six decades.

> "This bill reflects the threats we face, not the budget we were sent," a senior member of the Senate Armed Services Committee said during floor debate.

The NDAA authorizes but does not appropriate funds; actual spending depends on separate appropriations bills. See also our [politics coverage](/category/politics).`,
    contentTier: "detailed_report",
    author: "Marcus Hale",
    imageUrl: "/images/sample/capitol.svg",
    imageAlt: "Illustration of the U.S. Capitol dome at dusk",
    isBreaking: true,
    hoursAgo: 4,
  },
  {
    title: "NATO Defence Ministers Agree New Capability Targets Amid Push for Higher Spending",
    slug: "nato-defence-ministers-agree-new-capability-targets-amid-push-for-higher-spending",
    excerpt: "Ministers meeting in Brussels signed off on national capability targets that officials say will require significant increases in air defence, long-range strike and ammunition stocks.",
    content: `NATO defence ministers meeting in Brussels have agreed on a new set of capability targets for member states, a key step in the alliance's defence planning process that officials say will require substantial increases in military investment over the coming years.

The targets, which are classified, set out the forces and equipment each ally is expected to provide to implement NATO's regional defence plans. According to officials, the largest increases are in **integrated air and missile defence**, **long-range precision strike**, **ammunition stocks** and **land forces ready at short notice**.

**Main outcomes of the meeting:**

- Approval of capability targets derived from NATO's regional plans
- Discussion of industrial capacity and joint procurement of munitions
- Review of support to Ukraine and coordination of training and equipment deliveries
- Preparations for the next summit of heads of state and government

The NATO Secretary General said after the meeting that the new targets would require allies to spend considerably more on defence than the longstanding guideline of 2 percent of GDP. Several governments have already announced plans to raise spending, but others face tight budgets and domestic political pressure.

Officials also stressed the importance of the defence industry. Ministers discussed ways to increase production of key munitions, streamline procurement and make standardised equipment easier to buy across borders.

The capability targets will now be translated into national plans. Observers will watch how quickly capitals build them into budgets, particularly ahead of the summit, where leaders are expected to endorse the spending trajectory. For background, see our [politics section](/category/politics).`,
    author: "Elena Varga",
    isBreaking: true,
    hoursAgo: 18,
  },
  {
    title: "EU Negotiators Reach Deal on European Defence Industry Programme",
    slug: "eu-negotiators-reach-deal-on-european-defence-industry-programme",
    excerpt: "The agreement funds joint procurement and new production capacity, while settling a long dispute over how much non-EU content eligible equipment may contain.",
    content: `Negotiators from the European Parliament and EU member states have reached a provisional agreement on the European Defence Industry Programme (EDIP), a financial instrument intended to strengthen the bloc's defence industrial base and encourage countries to buy equipment together.

## What the programme does

EDIP builds on earlier short-term instruments for joint procurement and ammunition production. It provides funding for:

- Joint procurement by groups of member states
- Investments to expand production capacity for critical products
- Measures to secure supply chains, including stockpiling of components
- Support for Ukraine's defence industry and its integration with European industry

## The sticking point: "Buy European"

The most contentious issue in the negotiations was eligibility. Some member states wanted strict limits on components from outside the EU to strengthen European industry. Others, with closer ties to U.S. and other non-EU suppliers, warned that strict rules would slow procurement and raise costs.

The compromise sets a threshold for the value of components originating outside the EU and associated countries, and requires that design authority for eligible products sit in Europe. Officials said the rules balance strategic autonomy with the need to deliver equipment quickly.

> "The message to industry is simple: invest in Europe, build in Europe, and you will have customers," an EU official said.

## Budget & schedule

The programme's budget is modest compared with national defence spending, and many observers see it as a pilot for larger instruments under the EU's next multiannual budget. The agreement still requires formal approval by the Parliament and the Council.

## What's next?

Once the regulation is adopted, the European Commission will publish calls for proposals, with the first funding decisions expected next year. Discussions on a larger defence budget within the next EU long-term budget are already under way. Follow our [politics coverage](/category/politics).`,
    contentTier: "detailed_report",
    author: "Sofia Lindqvist",
    hoursAgo: 100,
  },
  {
    title: "Stopgap Funding Leaves Pentagon Programmes in Limbo as Budget Talks Drag On",
    slug: "stopgap-funding-leaves-pentagon-programmes-in-limbo-as-budget-talks-drag-on",
    excerpt: "A continuing resolution keeps the government open but bars new programme starts and production increases, delaying contracts for ships, munitions and aircraft.",
    content: `Congress has passed another continuing resolution (CR) to keep the federal government funded, averting a shutdown but leaving the Defense Department operating at the previous year's spending levels for several more months. Defence officials warn that the repeated use of stopgap funding is delaying key programmes and wasting money.

## How a continuing resolution works

A CR extends the prior year's funding levels and generally prohibits:

1. Starting new programmes, known as "new starts"
2. Increasing production rates above the previous year's level
3. Signing new multiyear procurement contracts

Congress can include exceptions, known as anomalies, for specific programmes, but these are typically limited in number.

## Budget & schedule

Pentagon officials have said that a long CR affects dozens of new programmes and production increases. Examples frequently cited include:

- Munitions contracts intended to expand production capacity
- Shipbuilding contracts, including submarine construction
- New research and development projects in space and hypersonics
- Military construction projects, which cannot begin without new appropriations

> "Every month under a CR is a month we cannot get back," a senior defence official told reporters. "Industry cannot hire and invest without contracts."

## Why it keeps happening

Congress has not passed all defence appropriations on time in many years. Partisan disputes over non-defence spending, policy riders and the overall topline regularly delay agreement. Some lawmakers have proposed automatic continuing resolutions or biennial budgeting, but neither idea has gained enough support.

## What's next?

Appropriators say they are close to agreement on topline numbers, but a final deal depends on wider negotiations. If Congress opts for a full-year CR instead, the department would have to seek additional flexibility to move money toward its priorities. See our [analysis section](/category/analysis) for more on budget trends.`,
    contentTier: "detailed_report",
    author: "Marcus Hale",
    hoursAgo: 350,
  },
  {
    title: "Canada Sets Out Timeline to Reach NATO Spending Target",
    slug: "canada-sets-out-timeline-to-reach-nato-spending-target",
    excerpt: "Ottawa has presented a plan to reach NATO's defence spending benchmark, relying on new submarines, air defence and Arctic infrastructure, along with updated accounting.",
    content: `The Canadian government has published a timeline for reaching NATO's defence spending benchmark, responding to years of criticism from allies that Canada has lagged behind its commitments.

The plan relies on a combination of new procurement programmes and updated accounting of defence-related spending. Officials said the measures would bring Canada to the target within a few years, sooner than previously projected.

**Main elements of the plan:**

- Acquisition of new conventional submarines capable of operating under Arctic ice
- Investments in integrated air and missile defence, including the modernisation of continental air defence with the United States
- New infrastructure in the Arctic, including operational support hubs
- Increased spending on recruitment and retention
- Counting certain coast guard and security expenditures as defence spending, in line with NATO rules

Canada's 2024 defence policy update set out a path toward higher spending. Allies welcomed the new timeline, but some analysts noted that Canada has often struggled to spend its defence budget because of procurement delays and staffing shortages in the acquisition workforce.

Defence officials acknowledged that execution is the main risk. The department has announced measures to speed up procurement, including a new agency intended to manage major acquisitions and a larger contracting workforce.

Opposition parties said the plan was overdue and questioned whether the government could execute large programmes on time. Industry groups called for a clearer long-term investment plan so that Canadian companies could prepare, hire and invest.

The submarine programme is expected to be one of the largest procurements in Canada's history. The government has said it will choose a design after evaluating proposals from several international shipbuilders, with domestic industrial participation a key criterion.`,
    author: "James Okafor",
    hoursAgo: 500,
  },
  {
    title: "Preview: What to Watch as NATO Leaders Gather for Their Annual Summit",
    slug: "preview-what-to-watch-as-nato-leaders-gather-for-their-annual-summit",
    excerpt: "Spending, support for Ukraine and industrial capacity top the agenda as allied leaders meet. A guide to the key issues and what success would look like.",
    content: `Allied leaders gather this week for NATO's annual summit, with defence spending, support for Ukraine and the alliance's industrial capacity expected to dominate the agenda. Here is what to watch.

## Spending

The most closely watched issue is defence spending. Allies are expected to review progress toward the investment commitments adopted previously, including how quickly spending will rise and what counts toward the target. Officials say a credible path matters more than headline figures, and several governments are expected to present national plans showing year-by-year increases.

## Ukraine

Leaders will discuss long-term support for Ukraine, including military aid, training and defence industrial cooperation. The format of engagement with Kyiv at the summit is itself a subject of negotiation, and officials are keen to avoid the public disagreements over language that marked some previous meetings. Several allies are expected to announce new bilateral packages on the margins.

## Industry and production

Expect announcements on joint procurement and production of munitions and air defence systems. NATO has been pushing allies to aggregate demand and standardise equipment so that industry can plan with confidence.

### Other agenda items

- Deterrence and defence on the eastern flank
- Resilience of critical infrastructure, including undersea cables
- Partnerships in the Indo-Pacific
- Counter-terrorism and the southern neighbourhood

## What would success look like?

Diplomats describe a successful summit as one that demonstrates unity, confirms spending plans and delivers practical steps on production. A less successful outcome would see public disagreements dominate the coverage and overshadow the substance.

> "Summits are judged by their communiqué, but remembered by whether the promises were kept," a former NATO official said.

Follow our [politics coverage](/category/politics) throughout the summit.`,
    contentTier: "detailed_report",
    author: "Elena Varga",
    hoursAgo: -48,
  },
];
