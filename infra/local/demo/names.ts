/**
 * Name pools of the demo directory, by naming culture: common given names and surnames, made into
 * pairs at random (so no pair is anyone's on purpose). Spelled as their cultures spell them in the
 * Latin alphabet, accents and special letters included (Łukasz, Søren, Müller): emails are made from
 * their transliteration (./transliterate.ts).
 */
export type Culture =
  | 'anglo'
  | 'german'
  | 'french'
  | 'dutch'
  | 'nordic'
  | 'finnish'
  | 'polish'
  | 'czech'
  | 'spanish'
  | 'portuguese'
  | 'italian'
  | 'hebrew'
  | 'indian'
  | 'chinese'
  | 'japanese'
  | 'korean'
  | 'arabic'
  | 'nigerian'
  | 'kenyan'
  | 'indonesian'
  | 'vietnamese';

export interface NamePool {
  first: readonly string[];
  last: readonly string[];
}

const words = (text: string): string[] => text.trim().split(/\s*,\s*/);

export const NAME_POOLS: Readonly<Record<Culture, NamePool>> = {
  anglo: {
    first: words(`James, Olivia, William, Emma, Benjamin, Charlotte, Henry, Amelia, Samuel, Harper, Daniel,
      Evelyn, Matthew, Abigail, Andrew, Emily, Joshua, Elizabeth, Christopher, Sofia, Nathan, Grace, Ryan,
      Chloe, Adam, Hannah, Thomas, Lucy, Jack, Alice, George, Isla, Oliver, Megan, Patrick, Claire, Sean,
      Rachel, Michael, Laura, David, Sarah, Peter, Katherine, Jonathan, Rebecca, Edward, Victoria, Owen,
      Madeleine, Adrian, Naomi, Theodore, Julia, Caleb, Audrey, Graham, Fiona, Simon, Eleanor, Marcus,
      Tessa, Russell, Paige, Colin, Heather, Dylan, Morgan, Adele, Brooke`),
    last: words(`Thompson, Whitaker, Harrington, Caldwell, Fletcher, Holloway, Pemberton, Ashford, Bradshaw,
      Carrington, Donovan, Ellison, Fairbanks, Garrison, Hastings, Ingram, Jennings, Kendrick, Langley,
      Mercer, Norwood, Ogden, Prescott, Quinlan, Radcliffe, Sutherland, Thornton, Underwood, Vaughn,
      Wakefield, Yates, Abbott, Barlow, Chandler, Dalton, Emerson, Forsyth, Gallagher, Hayward, Irving,
      Kingsley, Lowell, Maddox, Nash, O'Connell, Pritchard, Reeves, Sinclair, Talbot, Whitmore, Beckett,
      Callahan, Davenport, Everett, Fitzgerald, Goodwin, Hartley, Keane, Lockwood, McAllister, Merriweather,
      Osborne, Parrish, Rutherford, Stanton, Tennyson, Wainwright, Winslow, Ashworth, Blackwood, Cromwell,
      Drummond, Eastwood, Galloway, Hollis, Marlowe, Northcote, Sheffield, Templeton, Whitlock`),
  },
  german: {
    first: words(`Lukas, Anna, Jonas, Lea, Felix, Hannah, Maximilian, Sophie, Tobias, Julia, Jörg, Katharina,
      Matthias, Lena, Sebastian, Marie, Florian, Johanna, Moritz, Clara, Stefan, Anja, Jürgen, Franziska,
      Benedikt, Charlotte, Till, Friederike, Dominik, Sabine`),
    last: words(`Müller, Schneider, Fischer, Weber, Wagner, Becker, Hoffmann, Schäfer, Koch, Richter, Klein,
      Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun, Krüger, Hofmann, Hartmann, Lange, Schmitt,
      Werner, Krause, Lehmann, Köhler, Weiß, Strauß, Vogel, Brandt, Engel, Seidel`),
  },
  french: {
    first: words(`Émilie, Louis, Camille, Hugo, Léa, Julien, Chloé, Mathieu, Manon, Antoine, Inès, Benoît,
      Hélène, Théo, Margaux, Nicolas, Amélie, Guillaume, Élodie, François, Céline, Rémi, Aurélie, Baptiste,
      Solène, Jérôme, Noémie, Adrien, Maëlle, Cédric`),
    last: words(`Dubois, Lefèvre, Moreau, Laurent, Girard, Fontaine, Rousseau, Bonnet, Mercier, Chevalier,
      Lambert, Faure, Gauthier, Perrin, Rivière, Marchand, Dufour, Blanchard, Garnier, Lemaire, Caron,
      Barbier, Roussel, Leclerc, Deschamps, Beaumont, Lacroix, Vasseur, Brunet, Noël`),
  },
  dutch: {
    first: words(`Daan, Sanne, Bram, Fleur, Joost, Lotte, Thijs, Femke, Sander, Anouk, Maarten, Eline,
      Pieter, Noor, Ruben, Iris, Wouter, Marieke, Jelle, Roos`),
    last: words(`de Vries, van Dijk, Bakker, Janssen, Visser, Smit, Meijer, de Boer, Mulder, de Groot, Bos,
      Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer, de Wit, Dijkstra, van der Linden`),
  },
  nordic: {
    first: words(`Åsa, Björn, Søren, Ingrid, Magnus, Sigrid, Erik, Linnéa, Anders, Maja, Lars, Freja, Nils,
      Astrid, Mikkel, Ida, Henrik, Elin, Jens, Sofie, Bjørn, Karin, Oskar, Tove, Rasmus, Signe`),
    last: words(`Lindqvist, Andersson, Johansson, Sjöberg, Nyström, Bergström, Lundgren, Hedlund, Sørensen,
      Østergaard, Mikkelsen, Nørgaard, Halvorsen, Næss, Bakken, Haugen, Dahl, Holm, Engström, Åberg,
      Ekström, Lindahl, Berg, Strand, Kjær, Vestergaard`),
  },
  finnish: {
    first: words(`Aino, Eero, Helmi, Juho, Siiri, Ville, Emilia, Mikko, Venla, Lauri, Aleksi, Noora`),
    last: words(`Virtanen, Mäkinen, Nieminen, Hämäläinen, Laine, Koskinen, Heikkinen, Järvinen, Lehtonen,
      Salminen, Kärkkäinen, Rantanen`),
  },
  // Surnames that are the same for women and men (Kowalski is Kowalska for a woman).
  polish: {
    first: words(`Łukasz, Zofia, Mateusz, Małgorzata, Paweł, Agnieszka, Michał, Katarzyna, Krzysztof, Joanna,
      Wojciech, Magdalena, Tomasz, Aleksandra, Bartłomiej, Ewa`),
    last: words(`Nowak, Wójcik, Mazur, Krawczyk, Kaczmarek, Zając, Król, Wieczorek, Adamczyk, Dudek,
      Pawlak, Walczak, Stępień, Sikora, Gołąb, Bąk`),
  },
  // Men's names with men's surname forms (Dvořák is Dvořáková for a woman).
  czech: {
    first: words(`Jakub, Ondřej, Jiří, Petr, Tomáš, Lukáš, Vojtěch, Marek, Filip, Martin`),
    last: words(`Dvořák, Novák, Svoboda, Černý, Procházka, Kučera, Veselý, Horák, Němec, Pokorný`),
  },
  spanish: {
    first: words(`José, Lucía, Alejandro, María, Javier, Carmen, Martín, Valentina, Diego, Sofía, Pablo,
      Isabel, Andrés, Camila, Adrián, Elena, Sebastián, Daniela, Nicolás, Paula, Iñigo, Ximena, Rodrigo,
      Ana, Mateo, Natalia`),
    last: words(`García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Ruiz,
      Jiménez, Moreno, Muñoz, Álvarez, Romero, Navarro, Torres, Domínguez, Vázquez, Ramos, Castillo,
      Ibáñez, Ortega, Delgado, Herrera, Peña`),
  },
  portuguese: {
    first: words(`João, Ana, Pedro, Beatriz, Gabriel, Mariana, Lucas, Fernanda, Rafael, Juliana, Thiago,
      Larissa, Gonçalo, Inês, Vinícius, Letícia, Caio, Luíza, Otávio, Conceição`),
    last: words(`Silva, Santos, Oliveira, Souza, Costa, Pereira, Ferreira, Almeida, Carvalho, Gonçalves,
      Ribeiro, Araújo, Rocha, Barbosa, Cardoso, Magalhães, Monteiro, Azevedo, Figueiredo, Simões`),
  },
  italian: {
    first: words(`Giulia, Marco, Francesca, Luca, Chiara, Alessandro, Federica, Matteo, Elisa, Davide,
      Niccolò, Martina`),
    last: words(`Rossi, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, De Luca,
      Esposito`),
  },
  hebrew: {
    first: words(`Noa, Yonatan, Tamar, Itai, Maya, Omer, Shira, Eitan, Yael, Amit, Noam, Adi, Gal, Roni,
      Tal, Ariel`),
    last: words(`Cohen, Levi, Mizrahi, Peretz, Biton, Friedman, Avraham, Shapiro, Katz, Azoulay, Ben-David,
      Rosen, Goldberg, Halevi, Dahan, Sasson`),
  },
  indian: {
    first: words(`Aarav, Priya, Vikram, Ananya, Rohan, Kavya, Arjun, Meera, Rahul, Divya, Karthik, Aditi,
      Siddharth, Neha, Aditya, Shreya, Varun, Pooja, Nikhil, Isha, Sanjay, Lakshmi, Harish, Aishwarya`),
    last: words(`Sharma, Patel, Iyer, Reddy, Nair, Gupta, Mehta, Rao, Krishnan, Banerjee, Chatterjee,
      Desai, Joshi, Kapoor, Malhotra, Menon, Pillai, Saxena, Agarwal, Bhatt, Venkatesan, Subramanian`),
  },
  chinese: {
    first: words(`Wei, Jia Hui, Hao, Xin Yi, Jun Jie, Mei Ling, Zhi Wei, Li Na, Kai, Yan, Jing, Ming,
      Shu Fen, Jian, Yi Ting, Rui`),
    last: words(`Wang, Li, Zhang, Liu, Chen, Yang, Huang, Zhao, Wu, Zhou, Tan, Lim, Ng, Lee, Goh, Teo`),
  },
  japanese: {
    first: words(`Haruto, Yui, Sota, Aoi, Ren, Sakura, Kenji, Yuki, Daiki, Hana, Takumi, Mio`),
    last: words(`Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato,
      Yoshida, Yamada`),
  },
  korean: {
    first: words(`Min-jun, Seo-yeon, Ji-ho, Ha-eun, Do-yun, Ji-woo, Seung-hyun, Soo-ah, Jae-won, Yu-na`),
    last: words(`Kim, Park, Choi, Jung, Kang, Cho, Yoon, Jang, Lim, Han`),
  },
  arabic: {
    first: words(`Omar, Layla, Khalid, Noura, Yousef, Fatima, Tariq, Mariam, Faisal, Hala, Karim, Rania,
      Ahmed, Salma, Hamza, Dina`),
    last: words(`Al-Mansouri, Haddad, Khoury, Al-Farsi, Nasser, Saleh, Hassan, Al-Rashid, Aziz, Mahmoud,
      Qureshi, Al-Amin, Farouk, Zaki`),
  },
  nigerian: {
    first: words(`Adebayo, Chiamaka, Oluwaseun, Ngozi, Emeka, Funmilayo, Tunde, Adaeze, Chinedu, Yetunde,
      Ikenna, Folake`),
    last: words(`Okafor, Adeyemi, Okonkwo, Balogun, Eze, Adewale, Nwosu, Ogunleye, Obi, Afolabi, Onyeka,
      Adeleke`),
  },
  kenyan: {
    first: words(`Wanjiru, Kamau, Achieng, Otieno, Njeri, Kipchoge, Akinyi, Mwangi, Wambui, Omondi`),
    last: words(`Kariuki, Odhiambo, Wanjiku, Mutua, Kiprono, Nyambura, Ochieng, Njoroge, Chebet, Muthoni`),
  },
  indonesian: {
    first: words(`Budi, Sari, Agus, Dewi, Rizky, Putri, Andi, Ayu, Hendra, Intan`),
    last: words(`Santoso, Wijaya, Halim, Gunawan, Kusuma, Hartono, Setiawan, Susanto, Pratama, Nugroho`),
  },
  vietnamese: {
    first: words(`Minh, Linh, Quang, Thảo, Huy, Trang, Đức, Ngọc, Tuấn, Lan`),
    last: words(`Nguyễn, Trần, Lê, Phạm, Hoàng, Phan, Vũ, Đặng, Bùi, Đỗ`),
  },
};
